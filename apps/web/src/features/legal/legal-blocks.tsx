import { ROLES } from '@ovation/shared/constants';
import { Link } from 'react-router';
import { ArrowEndIcon } from '../../components/ui/icons';
import { type LegalBlock, RETENTION_ROWS } from './legal-content';
import { formatLegalQuantity, LegalText, useLegalText } from './legal-text';

/** The three roles, each with the description the section gives it (`<section>.fan`, `.artist`, `.admin`). */
function RoleList({ sectionKey }: { sectionKey: string }) {
  const { text } = useLegalText();
  return (
    <dl className="grid gap-3">
      {ROLES.map((role) => (
        <div key={role} className="rounded-lg border border-white/10 bg-white/[0.03] px-4 py-3">
          <dt className="font-semibold text-ink-50">{text(`roleNames.${role}`)}</dt>
          <dd className="mt-1 text-ink-300">
            <LegalText fullKey={`${sectionKey}.${role}`} text={{ key: role }} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each kind of data with how long it is kept; the figures come from the shared RETENTION constant. */
function RetentionList({ sectionKey }: { sectionKey: string }) {
  const { text, locale } = useLegalText();
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {RETENTION_ROWS.map((row) => {
        const itemKey = `${sectionKey}.items.${row.id}`;
        return (
          <div
            key={row.id}
            className="rounded-lg border border-white/10 border-s-4 border-s-gold-500/80 bg-white/[0.03] px-4 py-3"
          >
            <dt className="font-semibold text-ink-50">{text(`${itemKey}.label`)}</dt>
            <dd className="mt-1">
              <p className="font-medium text-gold-200">
                {text(`${itemKey}.period`, { period: formatLegalQuantity(row.period, locale) })}
              </p>
              <p className="mt-1 text-sm text-ink-400">{text(`${itemKey}.detail`)}</p>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Renders one block of a legal section; keys in the block are relative to the section. */
export function LegalBlockView({ block, sectionKey }: { block: LegalBlock; sectionKey: string }) {
  const { text } = useLegalText();
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <LegalText fullKey={`${sectionKey}.${block.text.key}`} text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-2 ps-6 marker:text-gold-400">
          {block.items.map((item) => (
            <li key={item.key} className="ps-1">
              <LegalText fullKey={`${sectionKey}.${item.key}`} text={item} />
            </li>
          ))}
        </ul>
      );
    case 'roles':
      return <RoleList sectionKey={sectionKey} />;
    case 'retention':
      return <RetentionList sectionKey={sectionKey} />;
    case 'pageLink':
      return (
        <p>
          <Link
            to={block.to}
            className="inline-flex items-center gap-2 font-medium text-gold-300 underline decoration-gold-300/40 underline-offset-4 hover:text-gold-200"
          >
            {text(`${sectionKey}.${block.key}`)}
            <ArrowEndIcon className="size-4 shrink-0" />
          </Link>
        </p>
      );
  }
}
