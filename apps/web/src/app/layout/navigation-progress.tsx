import { useNavigation } from 'react-router';

/** A thin gold bar at the top while the next page's code or data loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-gold-400/20">
      <div className="h-full w-1/3 animate-[navigation-progress_1.1s_ease-in-out_infinite] bg-gold-400" />
    </div>
  );
}
