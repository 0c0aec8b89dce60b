/* global atob, btoa, PublicKeyCredential */
// Passkeys in the app (docs/security.md, "Passkeys"): the WebAuthn ceremonies the browser must
// run itself, on the app's own origin (the API proxies /v1 here, so the RP id is this host).
// Two mount points, each shown only when the browser has WebAuthn:
//   [data-quire-passkey-sign-in] (the sign-in screen): POST /v1/sessions/passkey/options, then
//     navigator.credentials.get (usernameless: the browser offers this site's passkeys), then
//     POST /v1/sessions/passkey, then goes to data-next.
//   [data-quire-passkey-register] (the account screen): a name field, POST
//     /v1/user/passkey-options, navigator.credentials.create, POST /v1/user/passkeys with the
//     session's CSRF token (<meta name="quire-csrf">), then reloads to list it.
// No library: base64url <-> bytes by hand (PublicKeyCredential's JSON helpers where present).
(function () {
  "use strict";

  function toBytes(text) {
    var bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out.buffer;
  }

  function toText(buffer) {
    var bytes = new Uint8Array(buffer);
    var bin = "";
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function withIds(list) {
    return (list || []).map(function (c) {
      return { type: c.type || "public-key", id: toBytes(c.id), transports: c.transports };
    });
  }

  function creationOptions(json) {
    if (PublicKeyCredential.parseCreationOptionsFromJSON) {
      return PublicKeyCredential.parseCreationOptionsFromJSON(json);
    }
    var o = Object.assign({}, json);
    o.challenge = toBytes(json.challenge);
    o.user = Object.assign({}, json.user, { id: toBytes(json.user.id) });
    o.excludeCredentials = withIds(json.excludeCredentials);
    return o;
  }

  function requestOptions(json) {
    if (PublicKeyCredential.parseRequestOptionsFromJSON) {
      return PublicKeyCredential.parseRequestOptionsFromJSON(json);
    }
    var o = Object.assign({}, json);
    o.challenge = toBytes(json.challenge);
    o.allowCredentials = withIds(json.allowCredentials);
    return o;
  }

  function credentialJson(cred) {
    if (typeof cred.toJSON === "function") return cred.toJSON();
    var r = cred.response;
    var response = { clientDataJSON: toText(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = toText(r.attestationObject);
      response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      response.authenticatorData = toText(r.authenticatorData);
      response.signature = toText(r.signature);
      if (r.userHandle) response.userHandle = toText(r.userHandle);
    }
    return {
      id: cred.id,
      rawId: toText(cred.rawId),
      type: cred.type,
      response: response,
      clientExtensionResults: cred.getClientExtensionResults(),
      authenticatorAttachment: cred.authenticatorAttachment || undefined,
    };
  }

  function csrfHeaders() {
    var meta = document.querySelector('meta[name="quire-csrf"]');
    var headers = { "Content-Type": "application/json" };
    if (meta) headers["X-Quire-CSRF"] = meta.getAttribute("content");
    return headers;
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: csrfHeaders(),
      body: JSON.stringify(body || {}),
    }).then(function (res) {
      return res.json().then(
        function (json) {
          if (!res.ok)
            throw new Error((json && json.error && json.error.message) || res.statusText);
          return json;
        },
        function () {
          if (!res.ok) throw new Error(res.statusText);
          return null;
        },
      );
    });
  }

  /** A refusal or a cancelled ceremony, said in the mount's live region. */
  function say(status, error) {
    var cancelled = error && (error.name === "NotAllowedError" || error.name === "AbortError");
    status.textContent = cancelled
      ? "The passkey request was cancelled or timed out."
      : "The passkey did not work: " + (error && error.message ? error.message : String(error));
  }

  function signInMount(mount) {
    var button = mount.querySelector("button");
    var status = mount.querySelector('[role="status"]');
    button.hidden = false;
    button.addEventListener("click", function () {
      button.disabled = true;
      status.textContent = "Waiting for your passkey…";
      post("/v1/sessions/passkey/options")
        .then(function (options) {
          return navigator.credentials.get({ publicKey: requestOptions(options) });
        })
        .then(function (cred) {
          return post("/v1/sessions/passkey", { response: credentialJson(cred) });
        })
        .then(function () {
          var next = mount.getAttribute("data-next") || "/";
          window.location.assign(/^\/(?![/\\])/.test(next) ? next : "/");
        })
        .catch(function (error) {
          button.disabled = false;
          say(status, error);
        });
    });
  }

  function registerMount(mount) {
    var button = mount.querySelector("button");
    var status = mount.querySelector('[role="status"]');
    var field = document.createElement("div");
    field.className = "a-field";
    var label = document.createElement("label");
    label.setAttribute("for", "passkey-name");
    label.textContent = "Name of the new passkey";
    var input = document.createElement("input");
    input.id = "passkey-name";
    input.type = "text";
    input.maxLength = 60;
    input.required = true;
    input.value = "Passkey " + new Date().toISOString().slice(0, 10);
    field.appendChild(label);
    field.appendChild(input);
    mount.insertBefore(field, button);
    button.hidden = false;
    button.addEventListener("click", function () {
      var name = input.value.trim();
      if (!name) {
        status.textContent = "Give the passkey a name first.";
        input.focus();
        return;
      }
      button.disabled = true;
      status.textContent = "Follow your browser's prompt to create the passkey…";
      post("/v1/user/passkey-options")
        .then(function (options) {
          return navigator.credentials.create({ publicKey: creationOptions(options) });
        })
        .then(function (cred) {
          return post("/v1/user/passkeys", { name: name, response: credentialJson(cred) });
        })
        .then(function () {
          status.textContent = "Passkey added.";
          window.location.reload();
        })
        .catch(function (error) {
          button.disabled = false;
          say(status, error);
        });
    });
  }

  if (!window.PublicKeyCredential || !navigator.credentials) return;
  document.querySelectorAll("[data-quire-passkey-sign-in]").forEach(signInMount);
  document.querySelectorAll("[data-quire-passkey-register]").forEach(registerMount);
})();
