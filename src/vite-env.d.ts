/// <reference types="vite/client" />

// Vite types import.meta.env through interface merging, which a type alias cannot do.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  /** "1" attaches @statelyai/inspect to the session and every journey actor (src/app/inspection.ts). */
  readonly VITE_INSPECT?: string;
  /** WebSocket address of the inspector; default ws://localhost:8080. */
  readonly VITE_INSPECT_URL?: string;
}
