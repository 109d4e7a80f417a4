// Explore's search box: typing searches after a pause, Enter at once. The
// query lives in the URL (?q=&type=), so Back and a shared link keep it.
import { Form, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { SEARCH_TYPES, type SearchType } from "#app/lib/search";

const LABELS: Record<SearchType, string> = { posts: "Posts", users: "People", tags: "Tags" };
const DEBOUNCE_MS = 300;

export function SearchBox({ q, type }: { q: string; type: SearchType }) {
  const submit = useSubmit();
  const [, setParams] = useSearchParams();
  const [text, setText] = useState(q);
  const form = useRef<HTMLFormElement>(null);
  // Typing: search once the typing pauses, replacing the history entry (one entry per search, not per key).
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => form.current && submit(form.current, { replace: true }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, submit]);
  return (
    <Form ref={form} method="get" role="search" className="search-box" aria-label="Search Moments">
      <SearchInput value={text} onChange={(event) => setText(event.target.value)} />
      <input type="hidden" name="type" value={type} />
      <div className="search-box__types" role="group" aria-label="Search for">
        {SEARCH_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className={`chip${t === type ? " is-active" : ""}`}
            aria-pressed={t === type}
            onClick={() =>
              setParams(
                (params) => {
                  params.set("type", t);
                  if (text.trim()) params.set("q", text);
                  return params;
                },
                { replace: true },
              )
            }
          >
            {LABELS[t]}
          </button>
        ))}
      </div>
    </Form>
  );
}

/** The query field, as Explore's box and the right column's have it: `q`, up to 100 characters. */
export function SearchInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      type="search"
      name="q"
      className="input search-box__input"
      aria-label="Search"
      placeholder="Search Moments"
      maxLength={100}
      dir="auto"
      {...props}
    />
  );
}
