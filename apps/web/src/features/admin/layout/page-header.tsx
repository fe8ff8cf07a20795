import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowStartIcon } from '../../../components/ui/icons';
import { useDocumentTitle } from '../../../lib/use-document-title';

export interface PageHeaderProps {
  /** The screen's h1; also the browser tab's title ('Song moderation · Ovation'). */
  title: string;
  description?: ReactNode;
  /** A back link above the title: true for 'Back to dashboard' (/admin), or your own target and label. */
  back?: true | { to: string; label: string };
  /** Buttons at the end of the title row (Single Upload, Bulk Upload); they wrap under it on a phone. */
  actions?: ReactNode;
}

/** The top of an admin screen: back link, title, description and the screen's main actions. */
export function PageHeader({ title, description, back, actions }: PageHeaderProps) {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  useDocumentTitle(tShell('meta.pageTitle', { page: title }));
  const backLink = back === true ? { to: '/admin', label: t('layout.backToDashboard') } : back;

  return (
    <header className="mb-8">
      {backLink && (
        <Link
          to={backLink.to}
          className="-ms-1 mb-3 inline-flex min-h-11 items-center gap-2 rounded-full px-1 text-sm font-semibold text-ink-300 hover:text-gold-200"
        >
          <ArrowStartIcon className="size-4" />
          {backLink.label}
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-50 sm:text-4xl">{title}</h1>
          {description && <p className="mt-2 max-w-2xl text-ink-300">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}
