import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The h1 of a login step. It takes the focus when the step appears, so keyboard and screen-reader users start at the
 * top of the new step instead of on a button that no longer exists.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
