import { detailsPanelId } from '../components/details-panel'

declare global {
  interface Window {
    /** Set by the page's first script when the opt-in button was pressed before React hydrated. */
    __fyOptedIn?: boolean
    /** Set once React has hydrated: the first script then leaves clicks to React. */
    __fyHydrated?: boolean
  }
}

/**
 * A few hundred bytes inline after the server's HTML (issue 11): on a slow phone the opt-in button
 * works before the page's script has even downloaded. It does what the page does on that press
 * (hides the button, shows the details panel and the submit button, focuses Full Name) and leaves
 * a note the page reads when it hydrates.
 */
export const earlyOptInScript = `document.addEventListener('click',function(e){if(window.__fyHydrated)return;var b=e.target.closest&&e.target.closest('[data-fy-opt-in]');if(!b||b.disabled)return;var p=document.getElementById('${detailsPanelId}');if(!p)return;b.hidden=true;p.hidden=false;var s=document.querySelector('[data-fy-submit]');if(s)s.hidden=false;window.__fyOptedIn=true;var i=p.querySelector('input');if(i)i.focus()})`

/** Whether the visitor pressed the opt-in button before hydration; from now on React answers clicks. */
export function takeEarlyOptIn(): boolean {
  if (typeof window === 'undefined') return false
  window.__fyHydrated = true
  const pressed = window.__fyOptedIn === true
  window.__fyOptedIn = false
  return pressed
}
