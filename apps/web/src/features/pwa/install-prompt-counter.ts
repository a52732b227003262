/** The add-to-home-screen prompt shows on first visits, at most this many times (spec section 9). */
export const INSTALL_PROMPT_MAX_SHOWS = 3;
export const INSTALL_PROMPT_STORAGE_KEY = 'ampelos.installPromptShown';

export function parseShownCount(raw: string | null): number {
  const count = Number.parseInt(raw ?? '0', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

export function shouldShowInstallPrompt(shownCount: number): boolean {
  return shownCount < INSTALL_PROMPT_MAX_SHOWS;
}
