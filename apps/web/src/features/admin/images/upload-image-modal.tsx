import type { AdminImage } from '@ovation/shared/schemas/admin-media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { ImageDropField } from '../../../components/form/image-drop-field';
import { UploadProgress } from '../../../components/form/upload-progress';
import type { TransferProgress } from '../../../lib/send-multipart';
import { useAction } from '../../../lib/use-action';
import { adminImagesKeys, uploadImage } from './api';

interface UploadImageModalProps {
  open: boolean;
  onClose: () => void;
  /** The stored image, after a successful upload (the screen shows it first). */
  onUploaded: (image: AdminImage) => void;
}

/**
 * Upload Image (the admin spec's "Image management"): drag and drop or browse, a preview, the type and 5 MB checks
 * with the spec's messages before anything is sent, then the upload with its progress. The server
 * re-encodes the picture, strips its metadata and names the file itself.
 */
export function UploadImageModal({ open, onClose, onUploaded }: UploadImageModalProps) {
  const { t } = useTranslation('admin-images');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setFile(null);
      setError(null);
      setProgress(null);
    }
  }

  const upload = useAction({
    action: uploadImage,
    success: t('toast.uploaded'),
    failure: t('toast.uploadFailed'),
    invalidate: [adminImagesKeys.all],
    // A failure keeps the dialog open with its reason under the field (a toast would sit under the backdrop).
    toastOnError: false,
    onSuccess: (image) => {
      onUploaded(image);
      onClose();
    },
    onError: (refusal, message) => {
      setProgress(null);
      setError(imageProblemText(refusal, message, t));
    },
  });

  const submit = () => {
    if (!file) {
      setError(t('uploadForm.required'));
      return;
    }
    setError(null);
    upload.mutate({ file, onProgress: setProgress });
  };

  return (
    <FormModal
      open={open}
      title={t('uploadForm.title')}
      description={t('uploadForm.description')}
      onClose={() => {
        if (!upload.isPending) onClose();
      }}
      onSubmit={submit}
      submitLabel={t('uploadForm.submit')}
      busyLabel={t('uploadForm.uploading')}
      busy={upload.isPending}
      size="md"
    >
      <ImageDropField
        id="library-image"
        label={t('uploadForm.image')}
        required
        file={file}
        onChange={(picked) => {
          setFile(picked);
          setError(null);
        }}
        onRefuse={() => setFile(null)}
        error={error}
      />
      {upload.isPending && progress && (
        <UploadProgress
          progress={progress}
          label={t('uploadForm.progress')}
          processingLabel={t('uploadForm.processing')}
        />
      )}
    </FormModal>
  );
}

/**
 * The spec's words for a refused picture on this screen ('Image size must be less than 5MB.', 'Please
 * select an image file.'), whatever the shared catalog says for the code; any other refusal as given.
 */
function imageProblemText(
  error: unknown,
  message: string,
  t: (key: 'uploadForm.tooLarge' | 'uploadForm.required') => string,
): string {
  const code = (error as { code?: unknown } | null)?.code;
  const status = (error as { status?: unknown } | null)?.status;
  if (code === 'IMAGE_TOO_LARGE' || status === 413) return t('uploadForm.tooLarge');
  if (code === 'IMAGE_INVALID' || code === 'IMAGE_REQUIRED') return t('uploadForm.required');
  return message;
}
