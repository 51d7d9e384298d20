// A person's photo, or their initials when there is none or it fails to load (data-fallback="hide").
import { tagReact } from '../../lib/astro-react';
import { initialsOf } from '../../lib/catalog';

const SIZES = { sm: 'h-10 w-10 text-sm', md: 'h-16 w-16 text-lg', lg: 'h-24 w-24 text-2xl', xl: 'h-32 w-32 text-3xl' } as const;

export function Avatar({
  person,
  size = 'md',
  eager = false,
}: {
  person: { firstName: string; lastName: string; profileImage: string | null };
  size?: keyof typeof SIZES;
  eager?: boolean;
}) {
  const px = { sm: 40, md: 64, lg: 96, xl: 128 }[size];
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100 ${SIZES[size]}`}
    >
      <span aria-hidden="true">{initialsOf(person)}</span>
      {person.profileImage && (
        <img
          src={person.profileImage}
          alt=""
          width={px}
          height={px}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          data-fallback="hide"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </span>
  );
}

tagReact(Avatar);
