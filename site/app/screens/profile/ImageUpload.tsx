// The profile picture: preview (or initials), Upload Photo with a progress bar, Remove. The picture is
// uploaded at once; the profile keeps its URL when the form is saved.
import { useId, useRef, useState } from 'react';
import { MAX_IMAGE_LABEL, uploadImage } from '../../../lib/upload-image';
import { toast } from '../../../lib/stores/toast';

export function ImageUpload({
  value,
  initials,
  onChange,
}: {
  value: string | null;
  initials: string;
  onChange: (url: string | null) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      onChange(await uploadImage(file, setProgress));
    } catch (error) {
      toast({ title: 'Failed to upload image', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex items-center gap-5">
      {value ? (
        <img
          src={value}
          alt="Your profile picture"
          className="h-20 w-20 rounded-full object-cover ring-2 ring-white dark:ring-fog-900"
          width={80}
          height={80}
        />
      ) : (
        <span
          className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-600 text-2xl font-bold text-white"
          aria-hidden="true"
        >
          {initials}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="label mb-1">Profile picture</p>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={`btn-secondary cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-500 ${progress !== null ? 'pointer-events-none opacity-60' : ''}`}
          >
            {value ? 'Change Photo' : 'Upload Photo'}
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={progress !== null}
              onChange={(event) => upload(event.target.files?.[0])}
            />
          </label>
          {value && progress === null && (
            <button type="button" className="btn-ghost" onClick={() => onChange(null)}>
              Remove
            </button>
          )}
        </div>
        {progress !== null ? (
          <div className="mt-3">
            <div
              className="h-2 overflow-hidden rounded-full bg-fog-200 dark:bg-fog-800"
              role="progressbar"
              aria-label="Uploading picture"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-fog-600 dark:text-fog-400">Uploading… {progress}%</p>
          </div>
        ) : (
          <p className="mt-2 text-xs text-fog-600 dark:text-fog-400">JPG, PNG, GIF or WebP, up to {MAX_IMAGE_LABEL}.</p>
        )}
      </div>
    </div>
  );
}
