import type { Song } from '@ovation/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ArtistSong, artistKeys } from '../../../domain/songs/api/artist-queries';
import { songKeys } from '../../../domain/songs/api/use-songs';
import { sendMultipart } from '../../../lib/send-multipart';

/**
 * POST /songs with upload progress (0 to 1, null before the first progress event). On success the new
 * song goes at the top of the artist's list at once (the dashboard shows it as Pending without waiting),
 * and the artist's data and the public lists are refetched.
 */
export function useUploadSong() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: ({ body, signal }: { body: FormData; signal?: AbortSignal }) => {
      setProgress(null);
      return sendMultipart<Song>('/songs', body, {
        signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : null),
      });
    },
    onSuccess: ({ data: song }) => {
      queryClient.setQueryData<ArtistSong[]>(artistKeys.songs(), (songs) =>
        songs ? [{ ...song, totalVotes: 0, rankInCategory: null }, ...songs] : songs,
      );
      void queryClient.invalidateQueries({ queryKey: artistKeys.all });
      void queryClient.invalidateQueries({ queryKey: songKeys.all });
    },
    onSettled: () => setProgress(null),
  });

  return { ...mutation, progress };
}
