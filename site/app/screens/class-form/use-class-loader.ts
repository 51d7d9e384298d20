// What the class pages load before they show a form: the class being edited or duplicated (with the access
// rule: its coach or an admin), the categories, and for an admin the coaches a class can be created for.
import { useEffect, useState } from 'react';
import type { Category } from '../../../../api/catalog/model';
import type { ClassJson } from '../../../../api/classes/shape';
import { MAX_PAGE_SIZE } from '../../../../api/lib/pagination';
import { api, unwrapPage } from '../../../lib/api';
import { apiGet } from '../../../lib/api-client';
import { toast } from '../../../lib/stores/toast';

export type Coach = { id: number; firstName: string; lastName: string };
/** The class, still loading (null), not there ('missing'), or someone else's ('denied'). */
export type Loaded = ClassJson | null | 'missing' | 'denied';

/** One class for a page that changes it: 'denied' unless the user is its coach or an admin. */
export function useManagedClass(id: string | null, user: { id: number; role: string }, options: { onMissing?: () => void } = {}): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(id ? null : 'missing');
  useEffect(() => {
    if (!id) return;
    let live = true;
    apiGet<ClassJson>(`/api/classes/${encodeURIComponent(id)}`)
      .then((c) => live && setLoaded(user.role !== 'admin' && c.coachId !== user.id ? 'denied' : c))
      .catch(() => {
        if (!live) return;
        setLoaded('missing');
        options.onMissing?.();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, user.id, user.role]);
  return loaded;
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
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [coaches, setCoaches] = useState<Coach[]>([]);
  const existing = useManagedClass(editId ?? (duplicateFrom ? String(duplicateFrom) : null), user, {
    onMissing: () => duplicateFrom && toast({ title: 'Error', description: 'Failed to load class data for duplication. Please try again.', variant: 'destructive' }),
  });
  useEffect(() => {
    apiGet<Category[]>('/api/categories').then(setCategories).catch(() => setCategories([]));
    if (user.role === 'admin') allCoaches().then(setCoaches).catch(() => setCoaches([]));
  }, [user.role]);
  return { categories, coaches, existing };
}
