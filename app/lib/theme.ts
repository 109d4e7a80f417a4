// Light or dark: the system's choice unless the user picked one in Settings.
// The choice is kept in localStorage; <html data-theme> carries the resolved
// theme, which every colour token in styles/tokens.css follows.
export const THEME_KEY = "moments-theme";
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return (THEME_CHOICES as readonly string[]).includes(saved ?? "") ? (saved as ThemeChoice) : "system";
  } catch {
    return "system";
  }
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): "light" | "dark" {
  if (choice === "system") return systemDark ? "dark" : "light";
  return choice;
}

export function applyTheme(choice: ThemeChoice = readThemeChoice()) {
  const theme = resolveTheme(choice, window.matchMedia?.(DARK_QUERY).matches ?? false);
  document.documentElement.dataset.theme = theme;
}

export function saveThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode, quota): the choice still applies to this page.
  }
  applyTheme(choice);
}

/** Follows the system's setting while the choice is 'system'; returns the unsubscribe. */
export function followSystemTheme(): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  if (!query) return () => {};
  const onChange = () => {
    if (readThemeChoice() === "system") applyTheme("system");
  };
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
