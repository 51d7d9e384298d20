// Uploads one image to POST /api/upload-image with progress (XMLHttpRequest reports upload progress,
// fetch does not) and resolves with its public URL. Used by the profile picture and class images.
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, MAX_IMAGE_LABEL } from '../../api/uploads/model';

export { MAX_IMAGE_BYTES, MAX_IMAGE_LABEL };
/** A form field's error for a chosen image over the limit (checked before anything is sent). */
export const IMAGE_TOO_LARGE_FIELD_ERROR = `The image must be ${MAX_IMAGE_LABEL} or smaller`;

class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export function uploadImage(file: File, onProgress?: (percent: number) => void): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) return Promise.reject(new UploadError(IMAGE_TOO_LARGE_MESSAGE, 413));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-image');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { imageUrl?: string; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.imageUrl) resolve(body.imageUrl);
      else reject(new UploadError(body?.message ?? `${xhr.status}: ${xhr.statusText}`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('Network error. Please try again.', 0));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
