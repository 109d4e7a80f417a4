// The server that copied commands (cURL, Code) target, kept across visits.
import { useMemo, useState } from "react";
import { useStableActions } from "#app/lib/use-latest";
import { DEFAULT_BASE_URL, checkBaseUrl } from "../lib/curl";
import { pageKey } from "../lib/page-keys";

const BASE_URL_KEY = pageKey("baseUrl");

function storedBaseUrl(): string {
  try {
    return window.localStorage.getItem(BASE_URL_KEY) ?? DEFAULT_BASE_URL;
  } catch {
    return DEFAULT_BASE_URL;
  }
}

export function useBaseUrl() {
  const [baseUrl, setBaseUrl] = useState(storedBaseUrl);
  const check = useMemo(() => checkBaseUrl(baseUrl), [baseUrl]);
  const change = (text: string) => {
    setBaseUrl(text);
    try {
      window.localStorage.setItem(BASE_URL_KEY, text);
    } catch {
      // Storage refused (private mode, quota): the field still works for this visit.
    }
  };
  const actions = useStableActions({ change });
  return useMemo(() => ({ baseUrl, check, ...actions }), [baseUrl, check, actions]);
}

export type BaseUrl = ReturnType<typeof useBaseUrl>;
