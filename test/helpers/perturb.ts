// A perturbed copy of a prediction file in the FGA/GCA layout, to compare two
// runs on one gold (bench/perturb.js: the gold is kept; every 4th dialogue's
// predictions are fixed, the next one's broken from its middle turn on).
export { perturbFga, seriesRun } from '../../bench/perturb.js';
