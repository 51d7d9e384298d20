// The class image: a preview, a file chosen now (uploaded when the form is saved, with progress) or the image
// the class already has, and Remove.
import { useEffect, useState } from 'react';
import { IMAGE_TOO_LARGE_FIELD_ERROR, MAX_IMAGE_BYTES, MAX_IMAGE_LABEL, uploadImage } from '../../../lib/upload-image';

interface ImageChoice {
  file: File | null;
  error: string | null;
  progress: number | null;
  choose(file: File | null): void;
  /** Uploads the chosen file, if any: its URL, or the current one when nothing was chosen. */
  upload(current: string | null): Promise<string | null>;
}

export function useImageChoice(): ImageChoice {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  return {
    file,
    error,
    progress,
    choose(chosen) {
      setError(chosen && chosen.size > MAX_IMAGE_BYTES ? IMAGE_TOO_LARGE_FIELD_ERROR : null);
      if (!chosen || chosen.size <= MAX_IMAGE_BYTES) setFile(chosen);
    },
    async upload(current) {
      if (!file) return current;
      setProgress(0);
      try {
        return await uploadImage(file, setProgress);
      } finally {
        setProgress(null);
      }
    },
  };
}

export default function ImagePicker({ image, choice, onRemove }: { image: string | null; choice: ImageChoice; onRemove: () => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    const url = choice.file ? URL.createObjectURL(choice.file) : null;
    setPreview(url);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [choice.file]);
  const shown = preview ?? image;
  return (
    <section className="card space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Image</h2>
      {shown && <img src={shown} alt="Class image preview" className="aspect-[16/9] w-full max-w-md rounded-xl object-cover" />}
      <div>
        <label htmlFor="field-image" className="label">
          Class image
        </label>
        <input
          id="field-image"
          name="image"
          type="file"
          accept="image/*"
          className="block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:file:bg-brand-900/50 dark:file:text-brand-100"
          onChange={(e) => choice.choose(e.target.files?.[0] ?? null)}
          aria-describedby="field-image-hint"
        />
        <p id="field-image-hint" className="mt-1.5 text-xs text-fog-600 dark:text-fog-400">
          JPG, PNG or GIF, up to {MAX_IMAGE_LABEL}.
        </p>
        {choice.error && <p className="field-error">{choice.error}</p>}
        {shown && (
          <button
            type="button"
            className="btn-ghost mt-2 px-3 py-1 text-sm"
            onClick={() => {
              choice.choose(null);
              onRemove();
            }}
          >
            Remove image
          </button>
        )}
      </div>
      {choice.progress !== null && (
        <div>
          <div
            className="h-2 overflow-hidden rounded-full bg-fog-200 dark:bg-fog-800"
            role="progressbar"
            aria-label="Image upload"
            aria-valuenow={choice.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${choice.progress}%` }} />
          </div>
          <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">Uploading image... {choice.progress}%</p>
        </div>
      )}
    </section>
  );
}
