// Settings > Appearance: System, Light or Dark, kept across reloads.
import { useState } from "react";
import { THEME_CHOICES, readThemeChoice, saveThemeChoice, type ThemeChoice as Choice } from "#app/lib/theme";

const LABELS: Record<Choice, string> = { system: "System", light: "Light", dark: "Dark" };

export function ThemeChoice() {
  const [choice, setChoice] = useState<Choice>(readThemeChoice);
  const choose = (next: Choice) => {
    setChoice(next);
    saveThemeChoice(next);
  };
  return (
    <fieldset className="theme-choice">
      <legend className="theme-choice__legend">Theme</legend>
      {THEME_CHOICES.map((value) => (
        <label key={value} className="theme-choice__option">
          <input type="radio" name="theme" value={value} checked={choice === value} onChange={() => choose(value)} />
          {LABELS[value]}
        </label>
      ))}
      <p className="theme-choice__hint">System follows your device's light or dark setting.</p>
    </fieldset>
  );
}
