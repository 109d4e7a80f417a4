// Reading a picked image file: the type and size checks, then a data URL whose bytes decode as a picture.
// Shared by the composer's picker and the profile's photo pickers.
import { useRef } from "react";
import { imageProblem, readImage } from "#app/lib/image";

export function useImageChooser(onChange: (dataUrl: string) => void, setProblem: (problem: string | null) => void) {
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const reason = imageProblem(file);
    setProblem(reason);
    try {
      const read = reason ? null : await readImage(file);
      if (read && "problem" in read) setProblem(read.problem);
      else if (read) onChange(read.dataUrl);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      // Emptied once read, so the same file can be picked again; until then a dialog counts it as a change.
      if (input.current) input.current.value = "";
    }
  };
  return { input, choose };
}
