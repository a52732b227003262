/**
 * Greek names of the first-level regions the server places fields in (its offline boundary set names
 * them in English): Greece's thirteen regions and Mount Athos, and Cyprus's districts. Other
 * countries' regions keep their stored name in every language.
 */
export const GREEK_REGION_NAMES: Readonly<Record<string, string>> = {
  'North Aegean': 'Βόρειο Αιγαίο',
  'South Aegean': 'Νότιο Αιγαίο',
  Attica: 'Αττική',
  Crete: 'Κρήτη',
  Epirus: 'Ήπειρος',
  'Central Greece': 'Στερεά Ελλάδα',
  'West Greece': 'Δυτική Ελλάδα',
  'Ionian Islands': 'Ιόνια Νησιά',
  'Ayion Oros': 'Άγιον Όρος',
  'Central Macedonia': 'Κεντρική Μακεδονία',
  'East Macedonia and Thrace': 'Ανατολική Μακεδονία και Θράκη',
  'West Macedonia': 'Δυτική Μακεδονία',
  Peloponnese: 'Πελοπόννησος',
  Thessaly: 'Θεσσαλία',
  'Famagusta District': 'Επαρχία Αμμοχώστου',
  'Larnaca District': 'Επαρχία Λάρνακας',
  'Limassol District': 'Επαρχία Λεμεσού',
  'Nicosia District': 'Επαρχία Λευκωσίας',
  'Paphos District': 'Επαρχία Πάφου',
};

/** A region's name in the interface language: Greek where the catalogue has it, else as stored. */
export function regionLabel(name: string | null | undefined, lang: string): string | null {
  if (!name) return null;
  return lang === 'el' ? (GREEK_REGION_NAMES[name] ?? name) : name;
}
