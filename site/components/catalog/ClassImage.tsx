// A class picture: the default image when there is none or it fails to load, sized to reserve its space.
import { DEFAULT_CLASS_IMAGE } from '../../lib/catalog';

export function ClassImage({
  src,
  width,
  height,
  eager = false,
  className,
}: {
  src: string | null;
  width: number;
  height: number;
  eager?: boolean;
  className: string;
}) {
  return (
    <img
      src={src || DEFAULT_CLASS_IMAGE}
      data-fallback={DEFAULT_CLASS_IMAGE}
      alt=""
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
