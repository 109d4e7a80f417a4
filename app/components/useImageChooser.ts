// Reading a picked image file: the type and size checks, then a data URL.
// Shared by the composer's picker and the profile's photo pickers.
import { useRef } from "react";
import { imageProblem, readAsDataUrl } from "#app/lib/image";

export function useImageChooser(onChange: (dataUrl: string) => void, setProblem: (problem: string | null) => void) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    // The file input is emptied either way, so the same file can be picked again.
    if (input.current) input.current.value = "";
    if (!file) return;
    const reason = imageProblem(file);
    setProblem(reason);
    if (reason) return;
    try {
      onChange(await readAsDataUrl(file));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return { input, choose };
}
