// The Collections sidebar's own state (components/CollectionsPanel.tsx): which row
// is being renamed, asked about before deleting, or moved; exports; drag and drop.
// Each change goes through hooks/useCollections.ts and reports as a notice.
import { useState, type DragEvent } from "react";
import type { PostmanItem } from "#mock/tester/postman/convert";
import { downloadText } from "#app/lib/download";
import { mockmanExport, postmanExport, type SavedCollection } from "../lib/saved";
import type { Collections } from "./useCollections";

const DRAG_TYPE = "application/x-mockman-item";

export function useCollectionsPanel(collections: Collections, onNotice: (text: string, isError?: boolean) => void) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ collectionId: string; item: PostmanItem } | null>(null);
  // Folders open until their row is clicked, as in Postman's sidebar; for the page's life.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const fail = (error: unknown) => onNotice(error instanceof Error ? error.message : String(error), true);
  const run = (work: Promise<unknown>, done?: string) => work.then(() => done && onNotice(done)).catch(fail);

  const exportAs = async (collection: SavedCollection, folderId: string | null, name: string, kind: "mockman" | "postman") => {
    const base = name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "collection";
    if (kind === "postman") {
      // Every URL in Postman's parts, as Newman reads them (postman-collection's Url.parse, loaded now).
      const { postmanFile } = await import("#mock/tester/postman/url");
      downloadText(JSON.stringify(postmanFile(postmanExport(collection, folderId)), null, 2) + "\n", `${base}.postman_collection.json`);
      onNotice(`Exported ${name} as a Postman v2.1 collection.`);
    } else {
      // The collection format (with its checks) loads on first use, not with the page (./lazy).
      const { collectionText } = await import("../lib/collection");
      const { file, notes } = mockmanExport(collection, folderId);
      downloadText(collectionText(file), `${base}.mockman.json`);
      onNotice(
        `Exported ${name} as a mockman collection (npx mockman replay FILE runs it).${notes.length ? ` Not carried over: ${notes.join("; ")}` : ""}`,
      );
    }
  };

  return {
    collections,
    renaming,
    setRenaming,
    deleting,
    setDeleting,
    moving,
    setMoving,
    collapsed,
    /** Opens a closed folder, closes an open one. */
    toggleFolder: (id: string) =>
      setCollapsed((before) => {
        const after = new Set(before);
        if (!after.delete(id)) after.add(id);
        return after;
      }),
    fail,
    run,
    /** Exports a collection (folderId null) or one of its folders, as a download. */
    exportAs: (collection: SavedCollection, folderId: string | null, name: string, kind: "mockman" | "postman") =>
      void run(exportAs(collection, folderId, name, kind)),
    /** A row being dragged carries its collection and id. */
    dragStart(event: DragEvent, from: string, id: string) {
      event.stopPropagation();
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ from, id }));
      event.dataTransfer.effectAllowed = "move";
    },
    allowDrop(event: DragEvent) {
      if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
    },
    /** A drop puts the dragged row into the folder (or the collection's top), before `beforeId` when given. */
    drop(event: DragEvent, collectionId: string, folderId: string | null, beforeId?: string) {
      const raw = event.dataTransfer.getData(DRAG_TYPE);
      if (!raw) return;
      event.preventDefault();
      event.stopPropagation();
      const { from, id } = JSON.parse(raw) as { from: string; id: string };
      if (id === beforeId) return;
      run(collections.moveItem(from, id, collectionId, folderId, beforeId));
    },
  };
}

export type CollectionsPanelState = ReturnType<typeof useCollectionsPanel>;
