import { type DragEvent, useEffect, useState } from 'react';

/**
 * Drag-and-drop wiring for a drop zone: `dragging` while a file hovers it, and the first dropped file
 * handed to `onFile`. Spread `handlers` on the zone.
 */
export function useFileDrop(onFile: (file: File) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Leaving for a child element is not leaving the zone.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      if (disabled) return;
      const dropped = event.dataTransfer.files[0];
      if (dropped) onFile(dropped);
    },
  };
  return { dragging, handlers };
}

/** A local object URL for a chosen file, revoked when the file changes or the component unmounts. */
export function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
