// Image upload with progress (XMLHttpRequest: fetch has no upload progress) to POST /api/upload-image.

export { MAX_IMAGE_BYTES } from '../../../../api/uploads/model';

export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-image');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText || '{}') as { imageUrl?: string; message?: string };
        if (xhr.status >= 200 && xhr.status < 300 && body.imageUrl) resolve(body.imageUrl);
        else reject(new Error(body.message ?? 'Image upload failed'));
      } catch {
        reject(new Error('Image upload failed'));
      }
    };
    xhr.onerror = () => reject(new Error('Image upload failed'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
