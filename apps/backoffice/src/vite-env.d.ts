/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's origin when the back office is served from another one (BACKOFFICE_ORIGIN). */
  readonly VITE_BACKOFFICE_API_ORIGIN?: string;
}
