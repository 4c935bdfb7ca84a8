import { detailsPanelId } from '../components/details-panel'

declare global {
  interface Window {
    /** Set by the page's first script when the opt-in button was pressed before React hydrated. */
    __fyOptedIn?: boolean
    /** Set by the page's first script when the details were sent before React hydrated. */
    __fySubmitted?: boolean
    /** Set once React has hydrated: the first script then leaves clicks to React. */
    __fyHydrated?: boolean
    /** Kept by the first script: a pointer is down (between its pointerdown and its pointerup). */
    __fyPressing?: boolean
  }
}

/**
 * A few hundred bytes inline after the server's HTML (issue 11): on a slow phone the opt-in button
 * works before the page's script has even downloaded. It does what the page does on that press
 * (hides the button, shows the details panel and the submit button, focuses Full Name) and leaves
 * a note the page reads when it hydrates. The details sent before then (Enter, or the submit
 * button it shows) are held, not submitted as a plain form, which would reload the page with the
 * visitor's name and email in the address; the page sends them once it has hydrated. It also
 * notes whether a pointer is down (`whenNoPress`). Its listeners are on the document's capture
 * phase, ahead of React's on its root: a press that lands while React is still taking the page over
 * can be stopped there (React stops the click it cannot yet hand to the page), and the panel must
 * open all the same (decision 0032).
 */
export const earlyOptInScript = `['pointerdown','pointerup','pointercancel'].forEach(function(t){document.addEventListener(t,function(){window.__fyPressing=t==='pointerdown'},true)});document.addEventListener('submit',function(e){if(window.__fyHydrated)return;e.preventDefault();window.__fySubmitted=true},true);document.addEventListener('click',function(e){if(window.__fyHydrated)return;var b=e.target.closest&&e.target.closest('[data-fy-opt-in]');if(!b||b.disabled)return;var p=document.getElementById('${detailsPanelId}');if(!p)return;b.hidden=true;p.hidden=false;var s=document.querySelector('[data-fy-submit]');if(s)s.hidden=false;window.__fyOptedIn=true;var i=p.querySelector('input');if(i)i.focus()},true)`

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

/** A press whose pointerup never reaches the page (released outside the window) does not hold the page longer. */
const longestPressMs = 2_000

/**
 * Runs `run` when no press is under way: at once, or just after the press ends, its click
 * included. What moves the page's buttons must not happen between a press's pointerdown and its
 * pointerup: the browser sends the click to whatever is under the finger at pointerup, often the
 * form around the button (issue 22: the bump ticked before React arrived grew the price block when
 * React adopted it, and a submit pressed in that moment was lost).
 */
export function whenNoPress(run: () => void): void {
  if (typeof window === 'undefined' || !window.__fyPressing) {
    run()
    return
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  function ended() {
    document.removeEventListener('pointerup', ended, true)
    document.removeEventListener('pointercancel', ended, true)
    clearTimeout(timer)
    // A task later: the click that follows this pointerup is dispatched first.
    timer = setTimeout(run)
  }
  document.addEventListener('pointerup', ended, true)
  document.addEventListener('pointercancel', ended, true)
  timer = setTimeout(ended, longestPressMs)
}
