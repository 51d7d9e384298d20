// An accessible dialog (Headless UI: focus trapped, Escape closes, title announced) with the house card look.
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  actions?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' };

export default function Modal({ open, onClose, title, description, children, actions, size = 'sm' }: ModalProps) {
  return (
    // The dialog element itself covers the viewport, so it has a box (visible to people and to tests alike).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-fog-950/50" aria-hidden="true" />
      <div className="relative flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel
          className={`card max-h-[92dvh] w-full overflow-y-auto rounded-b-none p-6 sm:rounded-b-[var(--radius-card)] ${widths[size]}`}
        >
          <DialogTitle className="text-lg font-bold text-fog-900 dark:text-fog-50">{title}</DialogTitle>
          {description && (
            <Description as="div" className="mt-2 text-sm text-fog-700 dark:text-fog-300">
              {description}
            </Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {actions && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
