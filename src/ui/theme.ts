const raisedShadow = '0 1px 2px rgba(20, 26, 38, 0.08), 0 4px 12px rgba(20, 26, 38, 0.06)';

/**
 * The design tokens (docs/design.md): colours, type scale, spacing, radii, elevation. Every text colour here reaches WCAG 2.2
 * AA (4.5:1) on the background it is used on, and every control edge and the focus ring 3:1; the ratios are in the
 * comments so a change can be checked without a tool, and tests/unit/designTokens.test.ts checks them all.
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
    /** Error text and danger fills. On white: 6.5:1; on background: 6.0:1; on dangerSurface: 5.7:1. */
    danger: '#b3261e',
    /** Hover and pressed danger. White on it: 9.1:1. */
    dangerStrong: '#8c1d18',
    dangerSurface: '#fdecea',
    /** Incoming money and success fills. On white: 6.3:1; on background: 5.9:1; white on it: 6.3:1. */
    success: '#1b6e2f',
    /** Warning fill under dark text: text on it 10.7:1. */
    warning: '#f5c542',
    /** The focus ring (3:1 non-text): 5.4:1 on white, 5.0:1 on background. */
    focus: '#005aff',
    /** A disabled control's fill; disabledText on it: 6.4:1 (kept AA although WCAG exempts disabled controls). */
    disabledSurface: '#e6e9ef',
    disabledText: '#4a5365',
    /** Behind the current page's link in the navigation. primaryStrong on it: 7.2:1; text: 15.2:1; focus ring: 4.7:1. */
    navCurrent: '#e8f0ff',
    /** Dims the page behind a dialog or sheet. */
    overlay: 'rgba(20, 26, 38, 0.55)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  /**
   * The type scale: every text size, weight and line height a component sets comes from here. `small` is hints,
   * captions and secondary lines; `caption` badges and the small card face; `amountLarge` a headline figure.
   */
  type: {
    body: { size: '1rem', weight: 400, lineHeight: 1.5 },
    small: { size: '0.9rem', weight: 400, lineHeight: 1.45 },
    h1: { size: '1.625rem', weight: 700, lineHeight: 1.25 },
    h2: { size: '1.25rem', weight: 700, lineHeight: 1.25 },
    h3: { size: '1.125rem', weight: 700, lineHeight: 1.3 },
    caption: { size: '0.8125rem', weight: 700, lineHeight: 1.3 },
    amountLarge: { size: '2rem', weight: 800, lineHeight: 1.2 },
  },
  /** Labels and emphasis use `semibold`; headings, figures and badges `bold`; headline figures `heavy`. */
  weights: { regular: 400, semibold: 600, bold: 700, heavy: 800 },
  /** `pill` for badges and chips, `round` for circles (a spinner). */
  radii: { small: '6px', medium: '10px', pill: '999px', round: '50%' },
  space: (n: number) => `${n * 0.25}rem`,
  breakpoints: { tablet: '40rem', desktop: '64rem' },
  /** The signed-in frame (src/app/AppShell.tsx): the sidebar from tablet width up, the bottom bar on phones. */
  shell: { sidebarWidth: '15rem', bottomBarHeight: '4rem', iconSize: 20 },
  /**
   * Elevation, lowest first: `raised` lifts cards and card faces off the page, `overlay` dialogs and popovers above
   * the page, `sheet` a panel sliding over the bottom of the screen on phones.
   */
  elevation: {
    raised: raisedShadow,
    overlay: '0 4px 8px rgba(20, 26, 38, 0.12), 0 16px 40px rgba(20, 26, 38, 0.18)',
    sheet: '0 -2px 6px rgba(20, 26, 38, 0.08), 0 -8px 24px rgba(20, 26, 38, 0.14)',
  },
  /** The `raised` elevation under its older name, for code written before the scale. */
  shadow: raisedShadow,
} as const;

export type Theme = typeof theme;
