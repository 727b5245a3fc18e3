#!/bin/bash
# submit.sh: submits the simulator's array (sim-array.sbatch) and its merge
# (merge.sbatch), which starts once every task of the array succeeded. Run it
# from the directory the results go under; SMASHUP, GAMES and RESULTS pass on
# to both jobs (see sim-array.sbatch).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --export=ALL "$here/sim-array.sbatch")
array=${array%%;*} # "jobid;cluster" on a federation
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" "$here/merge.sbatch")
echo "submitted: array $array, merge ${merge%%;*} (after it); the report will be in slurm-smashup-sim-merge-${merge%%;*}.out"
