/** The two parts of fflate the ZIP job streams with, imported by it when it zips (fflate builds its tables when it loads). */
export { Zip, ZipPassThrough } from 'fflate';
