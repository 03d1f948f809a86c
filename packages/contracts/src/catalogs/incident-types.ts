/**
 * The kinds of system incident the server records (logs, spec §3), with the Spanish label staff
 * read in Registros › Incidencias and pick in its «Tipo» filter. A stored incident keeps its code.
 */
export const INCIDENT_TYPES = {
  system: 'Error del sistema',
  parse: 'Solicitud ilegible',
  envelope: 'Cifrado de la solicitud',
  stp: 'STP',
} as const;
export type IncidentType = keyof typeof INCIDENT_TYPES;
export const incidentTypeLabel = (type: string): string => (Object.hasOwn(INCIDENT_TYPES, type) ? INCIDENT_TYPES[type as IncidentType] : type);
