/** An IBAN as people read it: groups of four ("GR16 0260 0010 0000 1234 5678 901"). */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
