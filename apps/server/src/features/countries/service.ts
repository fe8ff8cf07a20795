import { Country, State } from 'country-state-city';

export interface CountryEntry {
  id: string;
  name: string;
  emoji: string;
  states: Array<{ id: string; name: string }>;
}

let cached: { list: CountryEntry[]; json: string; byName: Map<string, CountryEntry> } | undefined;

/**
 * Countries and their states from the maintained country-state-city dataset, reduced to what the
 * register form needs. Built once per process; the same data validates registrations.
 */
function load() {
  if (!cached) {
    const list = Country.getAllCountries().map((country) => ({
      id: country.isoCode,
      name: country.name,
      emoji: country.flag,
      states: State.getStatesOfCountry(country.isoCode)
        .map((state) => ({ id: state.isoCode, name: state.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }));
    cached = {
      list,
      json: JSON.stringify(list),
      byName: new Map(list.map((country) => [country.name.toLowerCase(), country])),
    };
  }
  return cached;
}

export function countriesJson() {
  return load().json;
}

export function findCountryByName(name: string): CountryEntry | undefined {
  return load().byName.get(name.trim().toLowerCase());
}

export type PlaceCheck =
  | { ok: true; isoCode: string }
  | { ok: false; field: 'country' | 'state'; key: string };

/** Checks a country/state pair against the dataset: the state is required when the country has states. */
export function checkPlace(countryName: string, stateName: string | undefined): PlaceCheck {
  const country = findCountryByName(countryName);
  if (!country) return { ok: false, field: 'country', key: 'countryInvalid' };
  if (country.states.length === 0) return { ok: true, isoCode: country.id };
  if (!stateName) return { ok: false, field: 'state', key: 'stateRequired' };
  const known = country.states.some((state) => state.name.toLowerCase() === stateName.trim().toLowerCase());
  return known ? { ok: true, isoCode: country.id } : { ok: false, field: 'state', key: 'stateInvalid' };
}
