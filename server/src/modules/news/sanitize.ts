import sanitizeHtml from 'sanitize-html';

/**
 * What the rich-text editor produces and nothing else: text formatting, lists, headings, quotes,
 * links (http, https, mailto, tel) and embedded YouTube/Vimeo players. Scripts, event handlers,
 * styles, javascript: URLs and other iframes are dropped; links open in a new tab without
 * handing over the portal's window (noopener).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'sub', 'sup', 'code', 'pre', 'blockquote', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'hr', 'iframe'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ol: ['start'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
    p: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    b: 'strong',
    i: 'em',
    h1: 'h2',
  },
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html.replaceAll('\0', ''), OPTIONS).trim();
}
