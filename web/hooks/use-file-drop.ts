import { useState, type DragEvent } from 'react';

/** A drop zone's handlers and whether files are being dragged over it; drops are ignored while `disabled`. */
export function useFileDrop(onFiles: (files: File[]) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const zoneProps = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      if (!disabled) onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, zoneProps };
}
