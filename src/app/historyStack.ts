import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/*
 * The tab's history as this page has seen it: the keys of its entries in order and where it stands among them. The
 * router says how an address was reached (push, replace, pop) but not how far Back went; this does, so that a Back
 * onto an entry that can no longer be shown (the sign-in page behind a merchant who has just signed up) can be
 * undone by going forward again instead of overwriting that entry and losing the history beyond it.
 */
const stack: string[] = [];
let position = -1;

/** Follows each change of address; mounted once, in the shell. */
export function useHistoryStack(): void {
  const location = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    const known = stack.indexOf(location.key);
    if (type === 'POP' && known !== -1) {
      position = known;
    } else if (type === 'REPLACE' && position >= 0) {
      stack[position] = location.key;
    } else if (type === 'PUSH' || position < 0) {
      stack.splice(position + 1, stack.length, location.key);
      position = stack.length - 1;
    } else {
      // A Back or Forward to an entry made before this page was loaded: where it stands is not known.
      stack.splice(0, stack.length, location.key);
      position = 0;
    }
  }, [location.key, type]);
}

/**
 * How many entries Back has just gone over to reach the address being rendered (0 when it was not Back, or when it
 * is not known). Read while rendering the new address, before the shell's effect moves the position.
 */
export function stepsJustWentBack(key: string): number {
  const known = stack.indexOf(key);
  return known !== -1 && known < position ? position - known : 0;
}
