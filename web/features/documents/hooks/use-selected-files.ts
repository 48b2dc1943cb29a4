import { useCallback, useEffect, useRef, useState } from 'react';

export type SelectedFile = {
  id: string;
  file: File;
  /** An object URL for image thumbnails; revoked when the file leaves the list. */
  previewUrl: string | null;
};

let nextId = 0;

function toSelected(file: File): SelectedFile {
  nextId += 1;
  // Image files get a thumbnail preview (docs/product-rules.md, Uploads).
  const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
  return { id: `file-${nextId}`, file, previewUrl };
}

function release(entry: SelectedFile): void {
  if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl);
}

/** The upload panel's chosen files, owning their thumbnail URLs. */
export function useSelectedFiles() {
  const [files, setFiles] = useState<SelectedFile[]>([]);
  const current = useRef(files);

  useEffect(() => {
    current.current = files;
  }, [files]);
  useEffect(() => () => current.current.forEach(release), []);

  const add = useCallback((incoming: File[]) => {
    if (incoming.length === 0) return;
    const entries = incoming.map(toSelected);
    setFiles((previous) => [...previous, ...entries]);
  }, []);

  const remove = useCallback((id: string) => {
    current.current.filter((entry) => entry.id === id).forEach(release);
    setFiles((previous) => previous.filter((entry) => entry.id !== id));
  }, []);

  const clear = useCallback(() => {
    current.current.forEach(release);
    setFiles([]);
  }, []);

  return { files, add, remove, clear };
}
