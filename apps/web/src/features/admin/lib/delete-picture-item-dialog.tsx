import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { isolate } from '../../../lib/bidi';

type DeleteKey = 'delete.title' | 'delete.text' | 'delete.confirm' | 'delete.libraryNote';

/**
 * Delete a banner or an ad, asked first: 'Delete "<name>"?' in the screen's own words (its `delete`
 * section), and, when its picture came from the library, that the picture stays there.
 */
export function DeletePictureItemDialog<Item extends { imageSource: string | null }>({
  item,
  name,
  t,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The item asked about; null while the dialog is closed. */
  item: Item | null;
  /** Its name in the reader's language. */
  name: string;
  t: (key: DeleteKey, options?: { name: string }) => string;
  busy: boolean;
  onConfirm: (item: Item) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={t('delete.title')}
      description={t('delete.text', { name: isolate(name) })}
      confirmLabel={t('delete.confirm')}
      busy={busy}
      onConfirm={() => item && onConfirm(item)}
      onCancel={onCancel}
    >
      {item?.imageSource === 'library' && (
        <p className="mt-4 text-sm text-ink-300">{t('delete.libraryNote')}</p>
      )}
    </ConfirmDialog>
  );
}
