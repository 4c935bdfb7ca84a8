import { useCallback, useEffect, useRef } from 'react'
import { type BlockerFunction, useBlocker } from 'react-router'

export type UnsavedChangesGuard = {
  /** A link, menu item or Back tried to leave while the form had changes: the dialog is up. */
  asking: boolean
  /** 'Stay': the navigation is dropped, the edits stay. */
  stay: () => void
  /** 'Leave': the navigation goes on and the edits are lost. */
  leave: () => void
  /** Lets every navigation through from now on: call it just before leaving after a save, Cancel or 'Add New' (which keeps a draft). */
  release: () => void
}

/**
 * Issue 15: a form with unsaved changes asks before the seller leaves it. In-app navigation
 * (links, the menu, Back) is held by the router's blocker, which the page answers with
 * `UnsavedChangesDialog`; closing or reloading the tab gets the browser's own prompt
 * (`beforeunload`, the only one a page may show there). A change of the query string alone
 * (e.g. a list's page) is a move too; the same address is not.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  // Read when a navigation starts, so `release()` followed at once by `navigate()` is let through.
  const released = useRef(false)
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  )
  const blocker = useBlocker(shouldBlock)

  useEffect(() => {
    if (!dirty) return
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return
      // preventDefault is the standard way; browsers still honouring the legacy returnValue want it set as well.
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    release: () => {
      released.current = true
    },
  }
}
