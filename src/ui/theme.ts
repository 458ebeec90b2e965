/**
 * The design tokens (docs/engineering.md "Front end"). Every text colour here reaches WCAG 2.2 AA (4.5:1) on the background it
 * is used on; the ratios are in the comments so a change can be checked without a tool.
 */
export const theme = {
  colors: {
    /** SPEC §1 primary. White on it: 5.4:1; it on white: 5.4:1, on background: 5.0:1. */
    primary: '#005aff',
    /** Hover and pressed primary. White on it: 8.2:1. */
    primaryStrong: '#0043c0',
    onPrimary: '#ffffff',
    background: '#f4f6fa',
    surface: '#ffffff',
    /** On white: 17.4:1; on background: 16.1:1. */
    text: '#141a26',
    /** On white: 7.7:1; on background: 7.2:1. */
    textMuted: '#4a5365',
    /** Decorative dividers only. */
    border: '#c5ccd8',
    /** Edges of inputs (WCAG 1.4.11 non-text contrast, 3:1): 4.7:1 on white. */
    inputBorder: '#6b7486',
    /** Error text and danger fills. On white: 6.5:1; on dangerSurface: 5.7:1. */
    danger: '#b3261e',
    dangerSurface: '#fdecea',
    /** On white: 6.3:1. */
    success: '#1b6e2f',
    /** Warning fill under dark text: text on it 10.7:1. */
    warning: '#f5c542',
    focus: '#005aff',
    /** Behind the current page's link in the navigation. primaryStrong on it: 7.2:1; text: 15.2:1; focus ring: 4.7:1. */
    navCurrent: '#e8f0ff',
    /** Dims the page behind a dialog or sheet. */
    overlay: 'rgba(20, 26, 38, 0.55)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  radii: { small: '6px', medium: '10px' },
  space: (n: number) => `${n * 0.25}rem`,
  breakpoints: { tablet: '40rem', desktop: '64rem' },
  /** The signed-in frame (src/app/AppShell.tsx): the sidebar from tablet width up, the bottom bar on phones. */
  shell: { sidebarWidth: '15rem', bottomBarHeight: '4rem', iconSize: 20 },
  shadow: '0 1px 2px rgba(20, 26, 38, 0.08), 0 4px 12px rgba(20, 26, 38, 0.06)',
} as const;

export type Theme = typeof theme;
