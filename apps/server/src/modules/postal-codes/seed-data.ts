/**
 * Real postal codes of the demo: the demo businesses' codes and central codes of Ciudad de México,
 * Guadalajara and Monterrey (plus three state capitals), as SEPOMEX names them. The full catalogue
 * comes from the official file through the import (POST /api/v1/postal-code/import).
 */
export interface SeedPostalCode {
  code: string;
  municipality: string;
  city: string;
  state: string;
  colonies: string[];
}

const cdmx = (code: string, municipality: string, ...colonies: string[]): SeedPostalCode => ({
  code,
  municipality,
  city: 'Ciudad de México',
  state: 'Ciudad de México',
  colonies,
});
const city = (code: string, municipality: string, cityName: string, state: string, ...colonies: string[]): SeedPostalCode => ({
  code,
  municipality,
  city: cityName,
  state,
  colonies,
});

export const SEED_POSTAL_CODES: SeedPostalCode[] = [
  cdmx('01000', 'Álvaro Obregón', 'San Ángel'),
  cdmx('03020', 'Benito Juárez', 'Narvarte Poniente'),
  cdmx('03100', 'Benito Juárez', 'Del Valle Centro'),
  cdmx('03810', 'Benito Juárez', 'Nápoles'),
  cdmx('03900', 'Benito Juárez', 'San José Insurgentes'),
  cdmx('04000', 'Coyoacán', 'Villa Coyoacán'),
  cdmx('04510', 'Coyoacán', 'Ciudad Universitaria'),
  cdmx('06000', 'Cuauhtémoc', 'Centro (Área 1)'),
  cdmx('06100', 'Cuauhtémoc', 'Hipódromo'),
  cdmx('06140', 'Cuauhtémoc', 'Condesa'),
  cdmx('06170', 'Cuauhtémoc', 'Hipódromo Condesa'),
  cdmx('06300', 'Cuauhtémoc', 'Guerrero'),
  cdmx('06400', 'Cuauhtémoc', 'Santa María la Ribera'),
  cdmx('06470', 'Cuauhtémoc', 'San Rafael'),
  cdmx('06500', 'Cuauhtémoc', 'Cuauhtémoc'),
  cdmx('06600', 'Cuauhtémoc', 'Juárez'),
  cdmx('06700', 'Cuauhtémoc', 'Roma Norte'),
  cdmx('06720', 'Cuauhtémoc', 'Doctores'),
  cdmx('06760', 'Cuauhtémoc', 'Roma Sur'),
  cdmx('06800', 'Cuauhtémoc', 'Obrera'),
  cdmx('11000', 'Miguel Hidalgo', 'Lomas de Chapultepec I Sección'),
  cdmx('11520', 'Miguel Hidalgo', 'Granada'),
  cdmx('11560', 'Miguel Hidalgo', 'Polanco V Sección'),
  cdmx('11800', 'Miguel Hidalgo', 'Escandón I Sección'),
  city('44100', 'Guadalajara', 'Guadalajara', 'Jalisco', 'Guadalajara Centro'),
  city('44160', 'Guadalajara', 'Guadalajara', 'Jalisco', 'Americana'),
  city('44600', 'Guadalajara', 'Guadalajara', 'Jalisco', 'Ladrón de Guevara'),
  city('64000', 'Monterrey', 'Monterrey', 'Nuevo León', 'Centro'),
  city('64060', 'Monterrey', 'Monterrey', 'Nuevo León', 'Obispado'),
  city('64620', 'Monterrey', 'Monterrey', 'Nuevo León', 'Vista Hermosa'),
  city('66220', 'San Pedro Garza García', 'San Pedro Garza García', 'Nuevo León', 'Del Valle'),
  city('72000', 'Puebla', 'Heroica Puebla de Zaragoza', 'Puebla', 'Centro'),
  city('76000', 'Querétaro', 'Santiago de Querétaro', 'Querétaro', 'Centro'),
  city('97000', 'Mérida', 'Mérida', 'Yucatán', 'Centro'),
];
