import { afterEach, describe, expect, it } from 'vitest'
import { injectPixels } from './inject-pixels'

// A page's scripts may run against a global other than the test's `window` (jsdom gives them one
// of their own): the pixels below record that they ran in the document, which both share.
const ran = () => (document.documentElement.dataset.ran ?? '').split(',').filter(Boolean)
const record = (name: string) => `document.documentElement.dataset.ran = (document.documentElement.dataset.ran || '') + '${name},'`

let cleanups: Array<() => void> = []
const inject = (...args: Parameters<typeof injectPixels>) => {
  const cleanup = injectPixels(...args)
  cleanups.push(cleanup)
  return cleanup
}

afterEach(() => {
  for (const cleanup of cleanups) cleanup()
  cleanups = []
  delete document.documentElement.dataset.ran
})

describe('injectPixels', () => {
  it('runs the inline code of a <script> snippet as a real script in <head>', () => {
    inject([{ id: 'p1', script: `<script>${record('p1')}</script>` }])
    expect(ran()).toEqual(['p1'])
    expect(document.head.querySelector('script')?.textContent).toContain("'p1,'")
  })

  it('runs bare JavaScript without tags, even with a < in it', () => {
    inject([{ id: 'p2', script: `if (1 < 2) { ${record('bare')} }` }])
    expect(ran()).toEqual(['bare'])
  })

  it('keeps external scripts with their attributes and their order, and leaves out <noscript> fallbacks', () => {
    inject([
      {
        id: 'p3',
        script: [
          '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
          '<script src="https://connect.example/pixel.js" data-id="42"></script>',
          `<script>${record('inline after')}</script>`,
          '<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1&ev=PageView&noscript=1"/></noscript>',
        ].join('\n'),
      },
    ])
    const scripts = Array.from(document.head.querySelectorAll('script'))
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-1',
      'https://connect.example/pixel.js',
      null,
    ])
    expect(scripts[0]?.hasAttribute('async')).toBe(true)
    // Injected scripts are async unless told otherwise: the snippet's order is kept.
    expect(scripts[1]?.async).toBe(false)
    expect(scripts[1]?.dataset.id).toBe('42')
    expect(document.querySelector('noscript')).toBeNull()
    expect(document.querySelector('img')).toBeNull()
    expect(ran()).toEqual(['inline after'])
  })

  it('puts other markup in the body and still runs scripts nested in it', () => {
    inject([{ id: 'p4', script: `<div id="pixel-box"><script>${record('nested')}</script></div>` }])
    expect(document.body.querySelector('#pixel-box')).not.toBeNull()
    expect(ran()).toEqual(['nested'])
  })

  it('runs each pixel once per page load, however often the page mounts', () => {
    const pixel = { id: 'p5', script: `<script>${record('p5')}</script>` }
    inject([pixel])()
    inject([pixel])
    expect(ran()).toEqual(['p5'])
  })

  it('removes what it inserted on cleanup', () => {
    const cleanup = inject([{ id: 'p6', script: `<script>${record('p6')}</script><div id="p6-box"></div>` }])
    expect(document.querySelector('#p6-box')).not.toBeNull()
    cleanup()
    expect(document.querySelector('#p6-box')).toBeNull()
    expect(document.head.querySelector('script')).toBeNull()
  })

  it('skips empty scripts', () => {
    inject([{ id: 'p7', script: '   ' }])
    expect(document.head.querySelector('script')).toBeNull()
  })
})
