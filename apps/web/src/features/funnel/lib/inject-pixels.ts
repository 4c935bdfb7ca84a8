/**
 * Runs a seller's advertising pixels (Facebook, Google, ...) on the live public offer page.
 *
 * A pixel is free text pasted from the ad network: usually `<script>` tags (inline code or a
 * `src`), often with a `<noscript><img></noscript>` fallback, sometimes bare JavaScript.
 * Script elements created by parsing HTML (innerHTML, templates) never execute, so every
 * script is re-created as a fresh element and appended to <head>, where it runs.
 *
 * Only the funnel page calls this, and never in preview (decisions, "Server rules": seller
 * scripts never run on dashboard pages or in preview). Dashboard pages also carry a strict
 * content security policy that would block them.
 */
export type PixelSnippet = { id: string; script: string }

/** Pixels already run in this page load: a remount (React's strict mode, going back) must not count a second page view. */
const alreadyRun = new Set<string>()

const markup = /<\s*\/?\s*(script|noscript|img|iframe|link|meta|style|div|span|a)\b/i

/** Copies a parsed script into one the browser will execute, keeping its attributes. */
function freshScript(doc: Document, parsed: HTMLScriptElement): HTMLScriptElement {
  const script = doc.createElement('script')
  for (const { name, value } of Array.from(parsed.attributes)) script.setAttribute(name, value)
  // Injected scripts are async by default; external ones without `async` keep the snippet's order.
  if (parsed.src && !parsed.hasAttribute('async')) script.async = false
  script.text = parsed.text
  return script
}

function isScript(node: Node): node is HTMLScriptElement {
  return node.nodeName === 'SCRIPT'
}

/** Returns the nodes to insert for one snippet, each paired with where it goes. */
function nodesOf(doc: Document, snippet: string): Array<{ node: Node; into: HTMLElement }> {
  if (!markup.test(snippet)) {
    // Bare JavaScript (no tags at all): run it as one inline script.
    const script = doc.createElement('script')
    script.text = snippet
    return [{ node: script, into: doc.head }]
  }
  const template = doc.createElement('template')
  template.innerHTML = snippet
  const nodes: Array<{ node: Node; into: HTMLElement }> = []
  for (const child of Array.from(template.content.childNodes)) {
    if (child.nodeType !== Node.ELEMENT_NODE) continue // whitespace and stray text between tags
    if (isScript(child)) {
      nodes.push({ node: freshScript(doc, child), into: doc.head })
      continue
    }
    // The page runs JavaScript, so a <noscript> fallback (a tracking <img>) would count the visit twice.
    if (child.nodeName === 'NOSCRIPT') continue
    const element = doc.importNode(child, true) as Element
    for (const nested of Array.from(element.querySelectorAll('script'))) nested.replaceWith(freshScript(doc, nested))
    const headOnly = ['LINK', 'META', 'STYLE'].includes(element.nodeName)
    nodes.push({ node: element, into: headOnly ? doc.head : doc.body })
  }
  return nodes
}

/**
 * Injects each pixel once per page load. The returned function removes the inserted elements
 * (what already ran stays run; tracking code keeps its own state on `window`).
 */
export function injectPixels(pixels: readonly PixelSnippet[], doc: Document = document): () => void {
  const inserted: Node[] = []
  for (const pixel of pixels) {
    const key = `${pixel.id}\n${pixel.script}`
    if (alreadyRun.has(key) || pixel.script.trim() === '') continue
    alreadyRun.add(key)
    for (const { node, into } of nodesOf(doc, pixel.script)) {
      into.appendChild(node)
      inserted.push(node)
    }
  }
  return () => {
    for (const node of inserted) node.parentNode?.removeChild(node)
  }
}
