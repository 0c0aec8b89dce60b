// The few DOM members src/saml reads, typed here: the package's own typings pull the whole
// browser DOM library into the program, which redefines the Workers' WebCrypto types.
declare module "@xmldom/xmldom/lib/index.js" {
  /** A parsed XML node (xmldom's DOM Level 2 subset that src/saml uses). */
  export interface XmlNode {
    readonly nodeType: number;
    readonly nodeName: string;
    readonly localName: string | null;
    readonly namespaceURI: string | null;
    readonly parentNode: XmlNode | null;
    readonly childNodes: ArrayLike<XmlNode>;
    readonly textContent: string | null;
    readonly ownerDocument: XmlDocument | null;
    readonly nextSibling: XmlNode | null;
    readonly prefix: string | null;
    /** The text of a text, CDATA, comment or processing-instruction node. */
    readonly nodeValue: string | null;
  }
  /** An attribute (namespace declarations are attributes in the xmlns namespace). */
  export interface XmlAttr {
    readonly name: string;
    readonly prefix: string | null;
    readonly localName: string | null;
    readonly namespaceURI: string | null;
    readonly value: string;
  }
  /** An element: a node with attributes. */
  export interface XmlElement extends XmlNode {
    readonly attributes: ArrayLike<XmlAttr>;
    getAttribute(name: string): string | null;
    hasAttribute(name: string): boolean;
    setAttribute(name: string, value: string): void;
    getElementsByTagNameNS(ns: string, localName: string): ArrayLike<XmlElement>;
    appendChild(node: XmlNode): XmlNode;
    insertBefore(node: XmlNode, ref: XmlNode | null): XmlNode;
    removeChild(node: XmlNode): XmlNode;
    cloneNode(deep: boolean): XmlElement;
    readonly firstChild: XmlNode | null;
  }
  /** A parsed document. */
  export interface XmlDocument extends XmlNode {
    readonly documentElement: XmlElement | null;
    getElementsByTagNameNS(ns: string, localName: string): ArrayLike<XmlElement>;
    createElementNS(ns: string, qualifiedName: string): XmlElement;
    createTextNode(data: string): XmlNode;
  }
  /** Handlers for the parser's complaints. */
  export interface ParserOptions {
    errorHandler?: {
      warning?: (message: string) => void;
      error?: (message: string) => void;
      fatalError?: (message: string) => void;
    };
  }
  /** xmldom's parser. */
  export class DOMParser {
    constructor(options?: ParserOptions);
    parseFromString(source: string, mimeType: string): XmlDocument;
  }
  /** xmldom's serializer. */
  export class XMLSerializer {
    serializeToString(node: XmlNode): string;
  }
}
