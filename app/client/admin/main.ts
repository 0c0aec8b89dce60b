/**
 * The admin screens' enhancement: a share link's "Copy" button (hidden without JavaScript,
 * where the address stays selectable in its read-only field) copies the address and says so.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  const input = document.getElementById(button.dataset.copy ?? "");
  if (!(input instanceof HTMLInputElement)) continue;
  button.hidden = false;
  const label = button.innerHTML;
  button.addEventListener("click", () => {
    const done = (text: string) => {
      button.textContent = text;
      window.setTimeout(() => (button.innerHTML = label), 2000);
    };
    input.select();
    navigator.clipboard.writeText(input.value).then(
      () => done("Copied"),
      () => done("Press Ctrl+C to copy"),
    );
  });
}
