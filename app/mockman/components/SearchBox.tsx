// The tester's search boxes (response, history): a labelled search field and a
// polite live line saying what it found, the same markup and behaviour for both.
interface SearchBoxProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** What the search found, read out as it changes; "" while nothing is searched. */
  status: string;
}

export function SearchBox({ id, label, placeholder, value, onChange, status }: SearchBoxProps) {
  return (
    <div className="mm-search">
      <label className="mm-section-title" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="mm-input"
        type="search"
        spellCheck={false}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        aria-describedby={`${id}-found`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-found`} className="mm-hint" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
