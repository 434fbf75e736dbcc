/** The generator's version, recorded in the catalog package (bump it when the output changes shape). */
export const generatorVersion = '0.2.0';
