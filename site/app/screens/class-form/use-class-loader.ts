// What the class pages load before they show a form: the class being edited or duplicated (with the access
// rule: its coach or an admin), the categories, and for an admin the coaches a class can be created for.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClassJson } from '../../../../api/classes/shape';
import { MAX_PAGE_SIZE } from '../../../../common/pagination';
import { api, unwrap, unwrapPage } from '../../../lib/api';
import { categoriesQuery } from '../../../lib/query';
import { toast } from '../../../lib/stores/toast';

export type Coach = { id: number; firstName: string; lastName: string };
/** The class, still loading (null), not there ('missing'), or someone else's ('denied'). */
export type Loaded = ClassJson | null | 'missing' | 'denied';

/** One class for a page that changes it: 'denied' unless the user is its coach or an admin. */
export function useManagedClass(id: string | null, user: { id: number; role: string }, options: { onMissing?: () => void } = {}): Loaded {
  const found = useQuery({
    queryKey: ['class', id],
    queryFn: (): Promise<ClassJson> => unwrap(api.classes({ id: id! }).get()),
    enabled: Boolean(id),
    // The form starts from what this loads: always the class as it is now, never a cached copy, and the
    // form's own copy is what the user edits (so no refetch on focus).
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const missing = found.isError;
  useEffect(() => {
    if (missing) options.onMissing?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing]);
  if (!id || missing) return 'missing';
  if (!found.data) return null;
  return user.role !== 'admin' && found.data.coachId !== user.id ? 'denied' : found.data;
}

/** Every approved coach, for an admin's coach choice: GET /api/coaches is bounded, so a full page at a time. */
async function allCoaches(): Promise<Coach[]> {
  const coaches: Coach[] = [];
  for (;;) {
    const page = await unwrapPage(api.coaches.get({ query: { limit: String(MAX_PAGE_SIZE), offset: String(coaches.length) } }));
    coaches.push(...page.items);
    if (page.items.length === 0 || coaches.length >= page.total) return coaches;
  }
}

/** The create page's data: categories, coaches (admins), and the class for ?edit= or a duplicate. */
export function useClassFormData(editId: string | null, duplicateFrom: number | null, user: { id: number; role: string }) {
  const existing = useManagedClass(editId ?? (duplicateFrom ? String(duplicateFrom) : null), user, {
    onMissing: () =>
      duplicateFrom &&
      toast({ title: 'Error', description: 'Failed to load class data for duplication. Please try again.', variant: 'destructive' }),
  });
  const categoryList = useQuery(categoriesQuery);
  const coachList = useQuery({ queryKey: ['coaches', 'all'], queryFn: allCoaches, enabled: user.role === 'admin' });
  // A list that cannot be loaded leaves its choice empty rather than holding the form back.
  const categories = categoryList.data ?? (categoryList.isError ? [] : null);
  return { categories, coaches: coachList.data ?? [], existing };
}
