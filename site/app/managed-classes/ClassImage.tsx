// A class's image, falling back to the default image when it is missing or fails to load.
import { DEFAULT_CLASS_IMAGE } from '../../lib/catalog';

export default function ClassImage({ src, className }: { src: string | null | undefined; className: string }) {
  return (
    <img
      src={src || DEFAULT_CLASS_IMAGE}
      alt=""
      loading="lazy"
      className={`aspect-[16/9] w-full bg-fog-100 object-cover dark:bg-fog-800 ${className}`}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(DEFAULT_CLASS_IMAGE)) img.src = DEFAULT_CLASS_IMAGE;
      }}
    />
  );
}
