import type { Category } from '@ovation/shared';
import { HOME_CATEGORY_COUNT } from '@ovation/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowEndIcon } from '../../../components/ui/icons';
import { CategoryCard } from '../../../domain/categories/components/category-card';
import { SAMPLE_CATEGORIES } from '../sample-content';
import { SectionHeading } from './section-heading';

interface FeaturedCategoriesProps {
  categories: Category[] | undefined;
  loading: boolean;
  /** No data to show (empty answer or backend down): show the sample categories. */
  showSamples: boolean;
}

export function SeeAllLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-1 font-semibold text-gold-300 hover:text-gold-200"
    >
      {label}
      <ArrowEndIcon className="size-4" />
    </Link>
  );
}

/** Up to six categories (the public spec's Home). */
export function FeaturedCategories({ categories, loading, showSamples }: FeaturedCategoriesProps) {
  const { t } = useTranslation();
  const items = showSamples
    ? SAMPLE_CATEGORIES.map((sample) => ({ ...sample, name: t(sample.nameKey) }))
    : (categories ?? []).slice(0, HOME_CATEGORY_COUNT);

  return (
    <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <SectionHeading
        id="home-categories"
        kicker={t('home.categoriesKicker')}
        title={t('home.categoriesTitle')}
        description={t('home.categoriesDescription')}
        action={<SeeAllLink to="/categories" label={t('home.viewAllCategories')} />}
      />
      {showSamples && <p className="mt-4 text-sm text-gold-200/90">{t('home.sampleNotice')}</p>}
      <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
        {loading
          ? Array.from({ length: HOME_CATEGORY_COUNT }, (_, position) => (
              <li key={position} className="h-[6.5rem] animate-pulse rounded-2xl bg-white/[0.05]" />
            ))
          : items.map((category) => (
              <li key={category._id}>
                <CategoryCard category={category} href={showSamples ? '/categories' : undefined} />
              </li>
            ))}
      </ul>
    </section>
  );
}
