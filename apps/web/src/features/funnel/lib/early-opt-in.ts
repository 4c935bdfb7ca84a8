import { detailsPanelId } from '../components/details-panel'

declare global {
  interface Window {
    /** Set by the page's first script when the opt-in button was pressed before React hydrated. */
    __fyOptedIn?: boolean
    /** Set by the page's first script when the details were sent before React hydrated. */
    __fySubmitted?: boolean
    /** Set once React has hydrated: the first script then leaves clicks to React. */
    __fyHydrated?: boolean
  }
}

/**
 * A few hundred bytes inline after the server's HTML (issue 11): on a slow phone the opt-in button
 * works before the page's script has even downloaded. It does what the page does on that press
 * (hides the button, shows the details panel and the submit button, focuses Full Name) and leaves
 * a note the page reads when it hydrates. The details sent before then (Enter, or the submit
 * button it shows) are held, not submitted as a plain form, which would reload the page with the
 * visitor's name and email in the address; the page sends them once it has hydrated.
 * Both listeners are on the document's capture phase, ahead of React's on its root: a press that
 * lands while React is still taking the page over can be stopped there (React stops the click it
 * cannot yet hand to the page), and the panel must open all the same.
 */
export const earlyOptInScript = `document.addEventListener('submit',function(e){if(window.__fyHydrated)return;e.preventDefault();window.__fySubmitted=true},true);document.addEventListener('click',function(e){if(window.__fyHydrated)return;var b=e.target.closest&&e.target.closest('[data-fy-opt-in]');if(!b||b.disabled)return;var p=document.getElementById('${detailsPanelId}');if(!p)return;b.hidden=true;p.hidden=false;var s=document.querySelector('[data-fy-submit]');if(s)s.hidden=false;window.__fyOptedIn=true;var i=p.querySelector('input');if(i)i.focus()},true)`

/**
 * What the visitor did before hydration: pressed the opt-in button, and perhaps sent the details
 * too. From now on React answers clicks and submits.
 */
export function takeEarlyOptIn(): { pressed: boolean; submitted: boolean } {
  if (typeof window === 'undefined') return { pressed: false, submitted: false }
  window.__fyHydrated = true
  const taken = { pressed: window.__fyOptedIn === true, submitted: window.__fySubmitted === true }
  window.__fyOptedIn = false
  window.__fySubmitted = false
  return taken
}
