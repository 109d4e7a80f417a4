// Reading a picked image file: the type and size checks, then a data URL whose bytes decode as a picture.
// Shared by the composer's picker and the profile's photo pickers.
import { useRef } from "react";
import { imageProblem, readImage } from "#app/lib/image";

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
      const read = await readImage(file);
      if ("problem" in read) setProblem(read.problem);
      else onChange(read.dataUrl);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return { input, choose };
}
